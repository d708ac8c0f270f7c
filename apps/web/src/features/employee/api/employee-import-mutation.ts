// POST /api/employee/import: an .xlsx or .csv file (multipart `file`); answers how many were added and which rows were refused.
import type { ImportReport } from '@svc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { roleKeys } from '@/features/role/api/keys';
import { employeeKeys } from './keys';

export function importEmployees(file: File): Promise<ImportReport> {
  return api.upload('/api/employee/import', file, { quiet: true });
}

export function useImportEmployeesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importEmployees,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
    },
  });
}
