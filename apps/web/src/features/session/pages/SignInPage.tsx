// /home, the sign-in page (SPEC §2, §4): main/sub account, captcha on demand, RSA-encrypted password, server messages.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CloudCode, LOGIN_NAME_PATTERN, ResponseCode, type LoginMode } from '@svc/contracts';
import { isApiError } from '@/lib/api/client';
import { REDIRECT_PARAM, safeRedirect } from '@/lib/redirect';
import { Alert, Field, PasswordField } from '@/components/public/Field';
import { PublicShell } from '@/components/public/PublicShell';
import { useNotice } from '@/components/public/use-notice';
import { useBrandingQuery } from '@/lib/branding';
import { useCaptchaQuery } from '../api/captcha-query';
import { useLoginMutation } from '../api/login-mutation';

type FieldName = 'loginName' | 'password' | 'verificationCode';
/** Message keys: `validation.*` of the common namespace, the rest of this page's. */
type FieldErrors = Partial<Record<FieldName, string>>;

/** The server's limit on the captcha text (contracts LoginSchema). */
const CAPTCHA_MAX = 8;

/** Client checks before any request: the SPEC §5 login-name rule and non-empty fields. */
export function validateSignIn(values: Record<FieldName, string>, captchaShown: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.loginName.trim();
  if (!name) errors.loginName = 'validation.required';
  else if (!LOGIN_NAME_PATTERN.test(name)) errors.loginName = 'validation.loginName';
  if (!values.password) errors.password = 'validation.required';
  const code = values.verificationCode.trim();
  if (captchaShown && !code) errors.verificationCode = 'validation.required';
  else if (captchaShown && code.length > CAPTCHA_MAX) errors.verificationCode = 'signIn.captcha.tooLong';
  return errors;
}

function needsCaptcha(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { captchaRequired?: unknown }).captchaRequired === true;
}

export default function SignInPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const branding = useBrandingQuery();
  const loginMutation = useLoginMutation();
  const [mode, setMode] = useState<LoginMode>('main');
  const [values, setValues] = useState<Record<FieldName, string>>({
    loginName: '',
    password: '',
    verificationCode: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ message: string; code: number; mode: LoginMode } | null>(null);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captchaShown = captchaAsked || branding.data?.loginCaptcha === 'always';
  const captcha = useCaptchaQuery(captchaShown);
  const notice = useNotice();
  const passwordRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const set = (name: FieldName) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name]) setErrors((old) => ({ ...old, [name]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (loginMutation.isPending) return;
    const found = validateSignIn(values, captchaShown);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      await loginMutation.mutateAsync({
        loginName: values.loginName.trim(),
        password: values.password,
        loginMode: mode,
        ...(captchaShown && captcha.data
          ? { verificationCode: values.verificationCode.trim(), verificationKey: captcha.data.key }
          : {}),
      });
      await navigate(safeRedirect(params.get(REDIRECT_PARAM)), { replace: true });
    } catch (error) {
      const code = isApiError(error) ? error.code : -1;
      setFailure({ message: isApiError(error) ? error.message : t('signIn.error.encrypt'), code, mode });
      setValues((v) => ({
        ...v,
        password: code === ResponseCode.VERIFICATION_CODE ? v.password : '',
        verificationCode: '',
      }));
      const askCaptcha = code === ResponseCode.VERIFICATION_CODE || (isApiError(error) && needsCaptcha(error.data));
      if (askCaptcha) setCaptchaAsked(true);
      // A captcha key is single-use: any failed try needs a fresh image.
      if (captchaShown) void captcha.refetch();
      if (code !== ResponseCode.VERIFICATION_CODE) passwordRef.current?.focus();
    }
  }

  const locked = failure?.code === CloudCode.USER_LOCKED;
  // Staff are sub-accounts (SPEC §4): a main-mode refusal of the name or password reminds them of the other
  // tab. The server answers 14020 alike for an unknown name and a wrong password, so the reminder tells
  // nothing about whether the name exists.
  const staffHint = failure?.code === CloudCode.WRONG_CREDENTIALS && failure.mode === 'main' && mode === 'main';
  const pending = loginMutation.isPending;

  return (
    <PublicShell pageTitle={t('signIn.pageTitle')}>
      <form className="pub-card" onSubmit={(e) => void submit(e)} noValidate aria-describedby="signin-sub">
        <h1>{t('signIn.title')}</h1>
        <p id="signin-sub" className="pub-sub">
          {t('signIn.subtitle')}
        </p>
        <fieldset className="pub-segments">
          <legend className="visually-hidden">{t('signIn.mode.legend')}</legend>
          {(['main', 'sub'] as const).map((m) => (
            <label key={m}>
              <input type="radio" name="loginMode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              {t(m === 'main' ? 'signIn.mode.main' : 'signIn.mode.sub')}
            </label>
          ))}
        </fieldset>
        {notice && !failure && <Alert tone="info">{notice}</Alert>}
        {failure && (
          <Alert>
            {failure.message}
            {locked && (
              <>
                {' '}
                <Link className="pub-link" to="/findback/account">
                  {t('signIn.locked.reset')}
                </Link>
              </>
            )}
            {/* On a line of its own; the space keeps the words apart for anything that reads the text. */}
            {staffHint && (
              <>
                {' '}
                <span className="pub-alert-hint">
                  {t('signIn.staffHint')}{' '}
                  <button type="button" className="pub-link pub-link-button" onClick={() => setMode('sub')}>
                    {t('signIn.staffHintSwitch')}
                  </button>
                </span>
              </>
            )}
          </Alert>
        )}
        <Field
          ref={nameRef}
          label={t('signIn.loginName.label')}
          name="loginName"
          autoComplete="username"
          placeholder={t(mode === 'main' ? 'signIn.loginName.placeholder' : 'signIn.loginName.placeholderSub')}
          value={values.loginName}
          onChange={set('loginName')}
          error={errors.loginName && tc(errors.loginName)}
        />
        <PasswordField
          ref={passwordRef}
          label={t('signIn.password.label')}
          name="password"
          autoComplete="current-password"
          placeholder={t('signIn.password.placeholder')}
          value={values.password}
          onChange={set('password')}
          error={errors.password && tc(errors.password)}
        />
        {captchaShown && (
          <Field
            label={t('signIn.captcha.label')}
            name="verificationCode"
            autoComplete="off"
            inputMode="text"
            placeholder={t('signIn.captcha.placeholder')}
            value={values.verificationCode}
            onChange={set('verificationCode')}
            error={
              errors.verificationCode &&
              (errors.verificationCode.startsWith('validation.')
                ? tc(errors.verificationCode)
                : t(errors.verificationCode))
            }
            addon={
              <button
                type="button"
                className="pub-captcha"
                onClick={() => void captcha.refetch()}
                aria-label={t('signIn.captcha.refresh')}
                title={t('signIn.captcha.refresh')}
              >
                {captcha.data ? (
                  <img src={captcha.data.image} alt={t('signIn.captcha.image')} />
                ) : (
                  <span>{captcha.isError ? t('signIn.captcha.failed') : t('signIn.captcha.loading')}</span>
                )}
              </button>
            }
          />
        )}
        <div className="pub-row">
          <span />
          <Link className="pub-link" to="/findback/account">
            {t('signIn.forgot')}
          </Link>
        </div>
        <button className="pub-button" type="submit" disabled={pending} aria-busy={pending}>
          {pending && <span className="pub-spin" aria-hidden="true" />}
          {pending ? t('signIn.submitting') : t('signIn.submit')}
        </button>
      </form>
    </PublicShell>
  );
}
