// The project tree as a flat virtual list (SPEC §2 with 10,000 devices): the visible rows of buildTree's entries at
// a fixed height, only those near the viewport in the DOM, with the tree semantics of antd's Tree (role tree and
// treeitem, aria-expanded, level and position, the active row by aria-activedescendant, its arrow keys).
// antd's Tree re-rendered itself twice whenever the visible range moved (a motion reset, then a timeout), measured
// every row on each render and ignored expand clicks while its list was "changing": scrolling ran at 30 fps and fast
// clicks were lost. Here a scroll re-renders the list once per block of rows, rows are memo components, heights are
// known, and an expansion is one state change.
// The elements keep antd Tree's classes and use its stylesheet, so the tree looks as every other antd tree of the
// console and the e2e page objects and bench/web-tree find its rows, switchers and scroll holder as before.
import {
  memo,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { ConfigProvider, theme } from 'antd';
import useTreeStyle from 'antd/es/tree/style';
import { CaretDownFilled, IconProvider } from '@ant-design/icons';
import { TreeRowTitle, type TreeRowActions } from './ProjectTreeRow';
import { rowWindow, treeKeyAction, type TreeEntry, type TreeRow } from './project-tree';

export interface ProjectTreeListProps {
  rows: readonly TreeRow[];
  /** The holder's height in pixels: rows beyond it are not rendered. */
  height: number;
  actions: TreeRowActions;
  labelledBy: string;
  /** A row's switcher, its title when it is a group, Enter, Left and Right: fold or unfold it. */
  onToggle: (entry: TreeEntry) => void;
  /** A click on a row's title (or Enter on a row without children). */
  onActivate: (entry: TreeEntry) => void;
  onContextMenu: (entry: TreeEntry, event: MouseEvent) => void;
  onScroll: () => void;
}

export function ProjectTreeList({
  rows,
  height,
  actions,
  labelledBy,
  onToggle,
  onActivate,
  onContextMenu,
  onScroll,
}: ProjectTreeListProps) {
  const { getPrefixCls, iconPrefixCls, csp } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('tree');
  const icons = useMemo(() => ({ prefixCls: iconPrefixCls, csp, zeroRuntime: true }), [iconPrefixCls, csp]);
  const [hashId, cssVarCls] = useTreeStyle(prefixCls);
  const { token } = theme.useToken();
  // antd's row: a title of controlHeightSM and half a paddingXS below it; the indent is one switcher wide.
  const titleHeight = token.controlHeightSM;
  const rowHeight = token.paddingXS / 2 + titleHeight;
  const indent = titleHeight;
  const treeId = useId();
  const holderRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // By key, so the active row stays itself when rows above it fold or the forest is fetched again.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const focusedByMouse = useRef(false);

  const { start, end } = rowWindow(scrollTop, { rowHeight, viewport: height, count: rows.length });
  const active = activeKey === null ? -1 : rows.findIndex((row) => row.entry.key === activeKey);

  /** Brings row `index` into view: the scroll event then renders it. */
  const reveal = useCallback(
    (index: number) => {
      const holder = holderRef.current;
      if (!holder) return;
      const top = index * rowHeight;
      if (top < holder.scrollTop) holder.scrollTop = top;
      else if (top + rowHeight > holder.scrollTop + holder.clientHeight)
        holder.scrollTop = top + rowHeight - holder.clientHeight;
    },
    [rowHeight],
  );

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // Keys typed in a row's own buttons are theirs.
    if (e.target !== e.currentTarget) return;
    const action = treeKeyAction(rows, active >= 0 ? active : null, e.key);
    if (!action) return;
    e.preventDefault();
    const row = rows[action.index]!;
    if (action.kind === 'focus') {
      setActiveKey(row.entry.key);
      reveal(action.index);
    } else if (action.kind === 'toggle') onToggle(row.entry);
    else onActivate(row.entry);
  }

  return (
    <div
      className={`${prefixCls} ${prefixCls}-block-node ${prefixCls}-unselectable ${prefixCls}-icon-hide ${hashId} ${cssVarCls}`}
    >
      <div
        role="tree"
        className={`${prefixCls}-list`}
        tabIndex={0}
        aria-labelledby={labelledBy}
        // Only while that row is rendered: the reference must resolve.
        aria-activedescendant={active >= start && active < end ? `${treeId}-${activeKey}` : undefined}
        onKeyDown={onKeyDown}
        onMouseDown={() => {
          focusedByMouse.current = true;
        }}
        onMouseUp={() => {
          focusedByMouse.current = false;
        }}
        onFocus={(e) => {
          // Tabbing in makes the first row active, as antd's Tree does; a click on the tree does not.
          if (e.target === e.currentTarget && !focusedByMouse.current && active < 0 && rows[0])
            setActiveKey(rows[0].entry.key);
        }}
        onBlur={(e) => {
          if (e.target === e.currentTarget) setActiveKey(null);
        }}
        // The pointer takes over from the keyboard, as in antd's Tree.
        onMouseMove={() => {
          if (activeKey !== null) setActiveKey(null);
        }}
      >
        <div
          ref={holderRef}
          className={`${prefixCls}-list-holder`}
          style={{ height, overflowX: 'hidden', overflowY: 'auto', overflowAnchor: 'none', contain: 'strict' }}
          onScroll={(e) => {
            const top = e.currentTarget.scrollTop;
            // Only a new block of rows re-renders; flushSync paints it in this frame rather than one after the
            // scroll, which would show a strip without rows.
            if (rowWindow(top, { rowHeight, viewport: height, count: rows.length }).start !== start)
              flushSync(() => setScrollTop(top));
            onScroll();
          }}
        >
          <div
            className={`${prefixCls}-list-holder-inner`}
            style={{ position: 'relative', height: rows.length * rowHeight }}
          >
            {/* antd's ConfigProvider registers the icon styles once for the page; an icon's own registration
                scans every style element of the document each time one mounts, dozens a frame here. */}
            <IconProvider value={icons}>
              {rows.slice(start, end).map((row, i) => (
                <ProjectTreeNode
                  key={row.entry.key}
                  id={`${treeId}-${row.entry.key}`}
                  prefixCls={prefixCls}
                  row={row}
                  top={(start + i) * rowHeight}
                  height={titleHeight}
                  indent={(row.level + (row.expandable ? 0 : 1)) * indent}
                  active={start + i === active}
                  actions={actions}
                  onToggle={onToggle}
                  onActivate={onActivate}
                  onContextMenu={onContextMenu}
                />
              ))}
            </IconProvider>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * One row, with the classes of rc-tree's TreeNode so antd's stylesheet draws it, and fewer elements: the indent is
 * padding, and a row without children has no switcher (its place is indent too).
 */
const ProjectTreeNode = memo(function ProjectTreeNode({
  id,
  prefixCls,
  row,
  top,
  height,
  indent,
  active,
  actions,
  onToggle,
  onActivate,
  onContextMenu,
}: {
  id: string;
  prefixCls: string;
  row: TreeRow;
  top: number;
  height: number;
  indent: number;
  active: boolean;
  actions: TreeRowActions;
  onToggle: (entry: TreeEntry) => void;
  onActivate: (entry: TreeEntry) => void;
  onContextMenu: (entry: TreeEntry, event: MouseEvent) => void;
}) {
  const { entry, expandable, expanded } = row;
  // A page that does not exist yet is listed greyed and cannot be clicked.
  const disabled = entry.kind === 'page' && entry.page.href === null;
  const state = expandable ? (expanded ? 'open' : 'close') : null;
  return (
    <div
      id={id}
      role="treeitem"
      aria-expanded={expandable ? expanded : undefined}
      aria-level={row.level + 1}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-disabled={disabled || undefined}
      className={[
        `${prefixCls}-treenode project-tree-row`,
        state ? `${prefixCls}-treenode-switcher-${state}` : `${prefixCls}-treenode-leaf`,
        disabled && `${prefixCls}-treenode-disabled`,
        active && `${prefixCls}-treenode-active`,
      ]
        .filter(Boolean)
        .join(' ')}
      style={{ position: 'absolute', insetInline: 0, top, height, paddingInlineStart: indent }}
    >
      {state && (
        <span className={`${prefixCls}-switcher ${prefixCls}-switcher_${state}`} onClick={() => onToggle(entry)}>
          <CaretDownFilled className={`${prefixCls}-switcher-icon`} />
        </span>
      )}
      <span
        className={`${prefixCls}-node-content-wrapper project-tree-content`}
        onClick={disabled ? undefined : () => onActivate(entry)}
        onContextMenu={(e) => onContextMenu(entry, e)}
      >
        <TreeRowTitle entry={entry} actions={actions} />
      </span>
    </div>
  );
});
