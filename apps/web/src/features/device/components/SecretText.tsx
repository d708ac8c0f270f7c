// A secret shown masked until the user reveals it, copyable either way (the enterprise's enrolment secret).
import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A fixed mask: the length of the real secret is itself worth hiding. */
const MASK = '••••••••';

export function SecretText({ value, className }: { value: string; className?: string }) {
  const { t: tc } = useTranslation('common');
  const [shown, setShown] = useState(false);
  return (
    <Flex align="center" gap={4} className={className}>
      <Typography.Text code copyable={{ text: value }}>
        {shown ? value : MASK}
      </Typography.Text>
      <Button
        type="text"
        size="small"
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        aria-label={shown ? tc('password.hide') : tc('password.show')}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      />
    </Flex>
  );
}
