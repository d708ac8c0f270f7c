// A choice of one device, searched on the server by name or serial number, optionally within a project subtree.
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useDevicesQuery } from '@/features/device/api/devices-query';

const SEARCH_DELAY_MS = 300;
const OPTIONS_SHOWN = 50;

interface DeviceSelectProps {
  projectId?: number;
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  'aria-label'?: string;
  style?: React.CSSProperties;
}

export function DeviceSelect({ projectId, value, onChange, ...rest }: DeviceSelectProps) {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    // A query per keystroke would flood the server while the user is still typing.
    const timer = setTimeout(() => setText(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const devices = useDevicesQuery({ page: 1, size: OPTIONS_SHOWN, projectId, text: text || undefined });
  return (
    <Select<number>
      {...rest}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={devices.isFetching}
      options={(devices.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.devName} (${d.sn})` }))}
      popupMatchSelectWidth={false}
    />
  );
}
