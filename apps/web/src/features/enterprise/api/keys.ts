// Query keys of the platform's enterprises (CONVENTIONS 7), for its super administrators.
export interface EnterpriseQuery {
  page: number;
  size: number;
  name?: string;
  status?: 0 | 1;
}

export const enterpriseKeys = {
  all: ['enterprise'] as const,
  list: (query: EnterpriseQuery) => [...enterpriseKeys.all, 'list', query] as const,
};
