// Query keys of the platform's enterprises (conventions §7), for its super administrators.
import type { EnterpriseQuery } from '@svc/contracts';

export const enterpriseKeys = {
  all: ['enterprise'] as const,
  list: (query: EnterpriseQuery) => [...enterpriseKeys.all, 'list', query] as const,
};
