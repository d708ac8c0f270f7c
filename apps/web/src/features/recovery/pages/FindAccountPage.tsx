// /findback/account: step 1 of recovery — which account (SPEC §2); the channels offered are the same for every name.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api/client';
import { Alert, Field } from '@/components/public/Field';
import { useFindAccountMutation } from '../api/recovery-api';
import { clearFlow, readFlow, writeFlow } from '../api/flow-state';
import { RecoveryFrame, SubmitButton } from '../components/RecoveryFrame';

export default function FindAccountPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const find = useFindAccountMutation();
  const [userName, setUserName] = useState(() => readFlow().account?.userName ?? '');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  async function submit() {
    const name = userName.trim();
    if (!name) return setError(tc('validation.required'));
    setError(undefined);
    setFailure(undefined);
    try {
      const account = await find.mutateAsync(name);
      clearFlow();
      writeFlow({ account });
      await navigate('/findback/choice');
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  return (
    <RecoveryFrame
      step="account"
      title={t('recovery.account.title')}
      subtitle={t('recovery.account.subtitle')}
      onSubmit={() => void submit()}
    >
      {failure && <Alert>{failure}</Alert>}
      <Field
        label={t('recovery.account.label')}
        name="userName"
        autoComplete="username"
        autoFocus
        placeholder={t('recovery.account.placeholder')}
        value={userName}
        onChange={(e) => setUserName(e.target.value)}
        error={error}
      />
      <SubmitButton pending={find.isPending} label={t('recovery.next')} pendingLabel={t('recovery.working')} />
    </RecoveryFrame>
  );
}
