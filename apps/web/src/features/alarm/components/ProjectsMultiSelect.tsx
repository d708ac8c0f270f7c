// A choice of several projects or areas from the caller's tree (the projects a notice rule covers).
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

interface ProjectsMultiSelectProps {
  forest: readonly ProjectNode[];
  value?: number[];
  onChange?: (value: number[]) => void;
  loading?: boolean;
  id?: string;
  placeholder?: string;
}

export function ProjectsMultiSelect({ forest, value, onChange, ...rest }: ProjectsMultiSelectProps) {
  return (
    <TreeSelect<number[]>
      {...rest}
      multiple
      value={value}
      onChange={(next) => onChange?.(next ?? [])}
      treeData={options(forest)}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      allowClear
    />
  );
}
