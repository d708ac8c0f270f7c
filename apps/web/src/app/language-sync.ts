// Server answers carry texts in the asking language (the product name, alarm type and privilege names,
// the platform enterprise's name), so a language switch asks for them again. The product name, on every
// screen, is fetched before the switch: it changes together with the console's own texts.
import type { QueryClient } from '@tanstack/react-query';
import { brandingKeys, prefetchBranding } from '@/lib/branding';
import { i18n, onBeforeLanguageChange } from '@/i18n';

/** A slow server does not hold the switch: past this the name follows when its answer arrives. */
export const BRANDING_WAIT_MS = 2_000;

export function followLanguage(queryClient: QueryClient): () => void {
  const offBefore = onBeforeLanguageChange(async (language) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      prefetchBranding(queryClient, language),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, BRANDING_WAIT_MS))),
    ]);
    clearTimeout(timer);
  });
  // Branding is kept per language (its key names it); everything else is asked again in the new one.
  const brandingRoot = brandingKeys.all[0];
  const refetch = () => void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== brandingRoot });
  i18n.on('languageChanged', refetch);
  return () => {
    offBefore();
    i18n.off('languageChanged', refetch);
  };
}
