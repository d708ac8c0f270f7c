// /project/live (SPEC §2): a grid of live tiles filled from the project tree, with its toolbar.
import { useCallback, useRef, useState } from 'react';
import { useContentHeight } from '@/lib/use-window-height';
import { toggleFullscreen } from '@/components/player/fullscreen';
import { LiveTile } from '../components/LiveTile';
import { LiveToolbar } from '../components/LiveToolbar';
import { useLiveRequests } from '../components/use-live-requests';
import {
  initialGrid,
  selectTile,
  stopAll,
  stopTile,
  switchStream,
  withLayout,
  type GridState,
  type Layout,
  type StreamKind,
} from '../live-grid';
import '../components/live.css';

export default function LivePage() {
  const [grid, setGrid] = useState<GridState>(() => initialGrid());
  const pageRef = useRef<HTMLDivElement>(null);
  const height = useContentHeight();
  const update = useCallback((change: (state: GridState) => GridState) => setGrid(change), []);
  useLiveRequests(update);
  const onSelect = useCallback((index: number) => setGrid((g) => selectTile(g, index)), []);
  const onStop = useCallback((index: number) => setGrid((g) => stopTile(g, index)), []);
  const side = Math.sqrt(grid.layout);
  const visible = grid.tiles.slice(0, grid.layout);

  return (
    <div ref={pageRef} className="live-page" style={{ height }}>
      <LiveToolbar
        layout={grid.layout}
        stream={grid.tiles[grid.selected]?.stream ?? null}
        playingCount={visible.filter(Boolean).length}
        onLayout={(layout: Layout) => setGrid((g) => withLayout(g, layout))}
        onStream={(stream: StreamKind) => setGrid((g) => switchStream(g, stream))}
        onFullscreen={() => toggleFullscreen(pageRef.current)}
        onStopAll={() => setGrid(stopAll)}
      />
      <div
        className="live-grid"
        style={{ gridTemplateColumns: `repeat(${side}, 1fr)`, gridTemplateRows: `repeat(${side}, 1fr)` }}
      >
        {visible.map((source, index) => (
          <LiveTile
            key={index}
            index={index}
            source={source}
            selected={index === grid.selected}
            onSelect={onSelect}
            onStop={onStop}
          />
        ))}
      </div>
    </div>
  );
}
