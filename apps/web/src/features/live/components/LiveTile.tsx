// One tile of the live grid: title (device · channel), the player, and its snapshot, fullscreen and stop buttons.
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { CameraOutlined, CloseOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiEnvironment } from '@/lib/api/environment';
import { toggleFullscreen } from '@/components/player/fullscreen';
import { LivePlayer } from '@/components/player/LivePlayer';
import type { PlayerState, StreamSource } from '@/components/player/player-types';
import { captureFrame, fileTimestamp, safeFileName } from '@/components/player/snapshot';
import { fetchLivePlayUrl } from '../api/live-play-url';
import { snapshotName, sourceKey, type LiveSource } from '../live-grid';

interface LiveTileProps {
  index: number;
  source: LiveSource | null;
  selected: boolean;
  onSelect: (index: number) => void;
  onStop: (index: number) => void;
}

export const LiveTile = memo(function LiveTile({ index, source, selected, onSelect, onStop }: LiveTileProps) {
  const { t } = useTranslation('project');
  const { message } = App.useApp();
  const tileRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<PlayerState['status']>('idle');
  const onStateChange = useCallback((state: PlayerState) => setStatus(state.status), []);
  const key = source ? sourceKey(source) : null;
  const deviceId = source?.deviceId;
  const channel = source?.channel;
  const kind = source?.stream;
  const stream = useMemo<StreamSource | null>(
    () =>
      key !== null && deviceId !== undefined && channel !== undefined && kind !== undefined
        ? { key, resolve: (signal) => fetchLivePlayUrl({ deviceId, channel, stream: kind }, signal) }
        : null,
    [key, deviceId, channel, kind],
  );
  const title = source ? `${source.devName} · ${t('live.channel', { channel: source.channel })}` : null;

  async function snapshot() {
    const video = videoRef.current;
    if (!video || !source) return;
    try {
      const blob = await captureFrame(video);
      apiEnvironment().saveFile(
        blob,
        snapshotName(safeFileName(source.devName), source.channel, fileTimestamp(new Date())),
      );
    } catch {
      void message.error(t('live.snapshotFailed'));
    }
  }

  return (
    <div
      ref={tileRef}
      className={`live-tile${selected ? ' live-tile-selected' : ''}`}
      role="group"
      aria-label={title ?? t('live.emptyTile', { index: index + 1 })}
      aria-current={selected ? 'true' : undefined}
      data-testid={`live-tile-${index}`}
      tabIndex={0}
      onClick={() => onSelect(index)}
      onKeyDown={(e) => {
        if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          onSelect(index);
        }
      }}
    >
      <div className="live-tile-bar">
        <span className="live-tile-title">{title ?? t('live.emptyTile', { index: index + 1 })}</span>
        {source && (
          <span className="live-tile-actions" onClick={(e) => e.stopPropagation()}>
            {source.stream === 'sub' && <span className="live-tile-stream">{t('live.stream.sub')}</span>}
            <Tooltip title={t('live.snapshot')}>
              <Button
                type="text"
                size="small"
                icon={<CameraOutlined />}
                aria-label={t('live.snapshot')}
                disabled={status !== 'playing'}
                onClick={() => void snapshot()}
              />
            </Tooltip>
            <Tooltip title={t('live.tileFullscreen')}>
              <Button
                type="text"
                size="small"
                icon={<FullscreenOutlined />}
                aria-label={t('live.tileFullscreen')}
                onClick={() => toggleFullscreen(tileRef.current)}
              />
            </Tooltip>
            <Tooltip title={t('live.stop')}>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('live.stop')}
                onClick={() => onStop(index)}
              />
            </Tooltip>
          </span>
        )}
      </div>
      <div className="live-tile-body">
        <LivePlayer
          source={stream}
          videoRef={videoRef}
          onStateChange={onStateChange}
          idle={<span className="live-tile-idle">{t('live.idle')}</span>}
        />
      </div>
    </div>
  );
});
