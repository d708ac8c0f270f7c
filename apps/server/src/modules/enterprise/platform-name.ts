// The platform operator's own enterprise is created on first start, before anyone could name it: its
// stored name is a placeholder shown in the reader's language until the operator gives it a real one.
import { translate, type Language } from '@svc/contracts';

export const PLATFORM_ENTERPRISE_NAME = 'Platform';

export function enterpriseNameFor(name: string, isPlatform: boolean, language: Language): string {
  return isPlatform && name === PLATFORM_ENTERPRISE_NAME ? translate(language, 'enterprise.platformName') : name;
}
