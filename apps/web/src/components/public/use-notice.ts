// The reason the api client sent the visitor here (1001 → sign-in, 502 → /500), carried in the history state.
import { useLocation } from 'react-router';

export function useNotice(): string | undefined {
  const state: unknown = useLocation().state;
  if (state && typeof state === 'object' && typeof (state as { notice?: unknown }).notice === 'string') {
    return (state as { notice: string }).notice;
  }
  return undefined;
}
