// Enterprise info of /platform/info (SPEC §3 platform, §5: every field required): read and update
// the caller's own enterprise; the logo must be an image the enterprise uploaded.
import type { z } from 'zod';
import type { Language, UpdateEnterpriseInfoSchema } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { enterpriseNameFor } from '../enterprise/platform-name.js';
import type { FileService } from '../file/service.js';
import type { SessionCache } from '../session/cache.js';
import { platformRepo } from './repo.js';

export type PlatformDeps = { db: Db; files: FileService; sessionCache: SessionCache };

export function createPlatformService({ db, files, sessionCache }: PlatformDeps) {
  return {
    async info(caller: Principal, language: Language) {
      const e = await platformRepo.get(db, caller.enterpriseId);
      return {
        name: enterpriseNameFor(e.name, caller.enterpriseIsPlatform, language),
        identity: e.identity,
        scale: e.scale,
        industry: e.industry,
        mainBusiness: e.main_business,
        region: e.region,
        address: e.address,
        mobile: e.mobile,
        email: e.email,
        backupEmail: e.backup_email,
        platformId: e.platform_id,
        logoFileId: e.logo_file_id,
        logoUrl: e.logo_file_id ? `/api/file/${e.logo_file_id}` : null,
      };
    },

    async update(caller: Principal, input: z.infer<typeof UpdateEnterpriseInfoSchema>): Promise<void> {
      if (!(await files.isOwnImage(caller, input.logoFileId))) throw AppError.param('logoFileId', 'validation.invalid');
      await platformRepo.update(db, caller.enterpriseId, {
        name: input.name,
        identity: input.identity,
        scale: input.scale,
        industry: input.industry,
        main_business: input.mainBusiness,
        region: input.region,
        address: input.address,
        mobile: input.mobile,
        email: input.email,
        backup_email: input.backupEmail,
        platform_id: input.platformId,
        logo_file_id: input.logoFileId,
      });
      // The enterprise name shows in every session of the enterprise.
      sessionCache.evictEnterprise(caller.enterpriseId);
    },
  };
}
export type PlatformService = ReturnType<typeof createPlatformService>;
