// A choice of one project or area from the caller's tree (device filters and forms, alarms), or of several (`multiple`,
// the projects a notice rule covers).
import type { CSSProperties } from 'react';
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

interface CommonProps {
  forest: readonly ProjectNode[];
  placeholder?: string;
  allowClear?: boolean;
  loading?: boolean;
  id?: string;
  'aria-label'?: string;
  className?: string;
  style?: CSSProperties;
}

interface OneProps extends CommonProps {
  multiple?: false;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
}

interface SeveralProps extends CommonProps {
  multiple: true;
  value?: number[];
  onChange?: (value: number[]) => void;
}

export type ProjectTreeSelectProps = OneProps | SeveralProps;

export function ProjectTreeSelect(props: ProjectTreeSelectProps) {
  const tree = {
    treeData: options(props.forest),
    treeDefaultExpandAll: true,
    showSearch: true,
    treeNodeFilterProp: 'title',
  };
  if (props.multiple) {
    const { forest: _forest, multiple: _multiple, value, onChange, ...rest } = props;
    return (
      <TreeSelect<number[]> {...rest} {...tree} multiple value={value} onChange={(next) => onChange?.(next ?? [])} />
    );
  }
  const { forest: _forest, multiple: _multiple, value, onChange, ...rest } = props;
  return (
    <TreeSelect<number>
      {...rest}
      {...tree}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      // One choice in a narrow filter: the popup grows to the deepest title instead of cutting it.
      popupMatchSelectWidth={false}
    />
  );
}
