// Page title: "<page> · <platform title>"; the product name when the platform sets none (SPEC §9).
import { useEffect } from 'react';

export function useDocumentTitle(page: string | undefined, product: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${product}` : product;
  }, [page, product]);
}
