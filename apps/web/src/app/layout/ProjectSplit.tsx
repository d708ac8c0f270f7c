// The project-tree panel beside project pages (SPEC §2, §9): antd Splitter, 250–1000 px, default ratio 0.22.
import { useState, type ReactNode } from 'react';
import { Splitter } from 'antd';
import { ProjectTreePanel } from '@/features/project/components/ProjectTreePanel';

export const PANEL_MIN = 250;
export const PANEL_MAX = 1000;
export const PANEL_DEFAULT = '22%';

/**
 * The Splitter stays mounted on every page and only folds the panel to 0 elsewhere: the pages in the
 * second panel keep their place in the tree, so switching between project and other tabs never remounts them.
 */
export function ProjectSplit({ showPanel, children }: { showPanel: boolean; children: ReactNode }) {
  const [size, setSize] = useState<number | string>(PANEL_DEFAULT);
  return (
    <Splitter
      className={`console-split ${showPanel ? '' : 'no-panel'}`}
      onResize={(sizes) => {
        if (showPanel && sizes[0] !== undefined) setSize(sizes[0]);
      }}
    >
      <Splitter.Panel
        size={showPanel ? size : 0}
        min={showPanel ? PANEL_MIN : 0}
        max={showPanel ? PANEL_MAX : undefined}
        resizable={showPanel}
        className="console-tree-panel"
      >
        <div hidden={!showPanel} className="console-tree-inner">
          <ProjectTreePanel />
        </div>
      </Splitter.Panel>
      <Splitter.Panel className="console-pages">{children}</Splitter.Panel>
    </Splitter>
  );
}
