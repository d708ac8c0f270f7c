// The platform's name: the branding title from the server, else the product name of the catalogs.
import { useTranslation } from 'react-i18next';
import { useBrandingQuery } from '@/lib/branding';

export function useProductTitle(): { title: string; logoUrl: string | null; backgroundUrl: string | null } {
  const { t } = useTranslation('common');
  const { data } = useBrandingQuery();
  return {
    title: data?.title || t('product.name'),
    logoUrl: data?.logoUrl ?? null,
    backgroundUrl: data?.backgroundUrl ?? null,
  };
}
