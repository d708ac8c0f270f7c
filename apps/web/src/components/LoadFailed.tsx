// The error state of a list or form whose data did not load: what happened and a retry (the toast already said why).
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function LoadFailed({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t: tc } = useTranslation('common');
  return (
    <Result
      status="error"
      title={tc('state.loadFailed')}
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {tc('action.retry')}
        </Button>
      }
    />
  );
}
