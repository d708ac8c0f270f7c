// "N new alarms" above a held alarm list: a pill that floats over the table's head and follows the scroll, taking no
// room of its own, so that its coming and going moves no row. A click brings the new alarms in.
import { Button } from 'antd';
import { ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './new-alarms.css';

export function NewAlarmsNotice({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation('project');
  return (
    <div className="alarm-new-anchor" aria-live="polite">
      {count > 0 && (
        <Button type="primary" shape="round" className="alarm-new-pill" icon={<ArrowUpOutlined />} onClick={onShow}>
          {count === 1 ? t('alarm.newAlarm') : t('alarm.newAlarms', { count })}
        </Button>
      )}
    </div>
  );
}
