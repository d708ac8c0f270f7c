// A choice of one project or area from the caller's tree (device filters and the device form).
import { TreeSelect } from 'antd';
import type { ProjectNode } from '@svc/contracts';

interface Option {
  value: number;
  title: string;
  children: Option[];
}

function options(nodes: readonly ProjectNode[]): Option[] {
  return nodes.map((n) => ({ value: n.id, title: n.title, children: options(n.children) }));
}

interface ProjectTreeSelectProps {
  forest: readonly ProjectNode[];
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  loading?: boolean;
  id?: string;
  'aria-label'?: string;
  className?: string;
  style?: React.CSSProperties;
}

export function ProjectTreeSelect({ forest, value, onChange, ...rest }: ProjectTreeSelectProps) {
  return (
    <TreeSelect<number>
      {...rest}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      treeData={options(forest)}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      popupMatchSelectWidth={false}
    />
  );
}
