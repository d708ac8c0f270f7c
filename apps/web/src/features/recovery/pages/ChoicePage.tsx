// /findback/choice: step 2 — where the code goes (the account's email or mobile, never shown); sends it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { ResetChannel } from '@svc/contracts';
import { isApiError } from '@/lib/api/client';
import { Alert } from '@/components/public/Field';
import { useSendCodeMutation } from '../api/recovery-api';
import { readFlow, writeFlow } from '../api/flow-state';
import { RecoveryFrame, SubmitButton } from '../components/RecoveryFrame';

export default function ChoicePage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const send = useSendCodeMutation();
  const [flow] = useState(readFlow);
  const [channel, setChannel] = useState<ResetChannel | undefined>(flow.channel ?? flow.account?.channels[0]?.type);
  const [failure, setFailure] = useState<string>();
  if (!flow.account) return <Navigate to="/findback/account" replace />;
  const { userName, channels } = flow.account;

  async function submit() {
    if (!channel) return;
    setFailure(undefined);
    try {
      const sent = await send.mutateAsync({ userName, type: channel });
      writeFlow({
        channel,
        expiresInSeconds: sent.expiresInSeconds,
        sentAt: Date.now(),
        code: undefined,
      });
      await navigate('/findback/code');
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  return (
    <RecoveryFrame
      step="choice"
      title={t('recovery.choice.title')}
      subtitle={t('recovery.choice.subtitle', { userName })}
      onSubmit={() => void submit()}
    >
      {failure && <Alert>{failure}</Alert>}
      <fieldset className="pub-choices">
        <legend className="visually-hidden">{t('recovery.choice.legend')}</legend>
        {channels.map((c) => (
          <label key={c.type} className="pub-choice">
            <input
              type="radio"
              name="channel"
              value={c.type}
              checked={channel === c.type}
              onChange={() => setChannel(c.type)}
            />
            <span>
              <strong>{t(c.type === 'email' ? 'recovery.choice.email' : 'recovery.choice.mobile')}</strong>
              <span>{t(c.type === 'email' ? 'recovery.choice.emailHint' : 'recovery.choice.mobileHint')}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <SubmitButton pending={send.isPending} label={t('recovery.choice.send')} pendingLabel={t('recovery.working')} />
    </RecoveryFrame>
  );
}
