// The stream player: a muted inline <video> fed over WebSocket/MSE, with connecting, paused and error overlays.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Spin } from 'antd';
import { PauseCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlayerError, PlayerState, StreamSource } from './player-types';
import { MAX_RETRIES } from './player-types';
import { useStreamPlayer } from './use-stream-player';
import './player.css';

interface LivePlayerProps {
  source: StreamSource | null;
  /** The parent's handle on the <video> (snapshots). */
  videoRef: RefObject<HTMLVideoElement | null>;
  onStateChange?: (state: PlayerState) => void;
  /** Shown when there is no source. */
  idle?: ReactNode;
}

export function LivePlayer({ source, videoRef, onStateChange, idle }: LivePlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const state = useStreamPlayer(videoRef, containerRef, source);
  useEffect(() => onStateChange?.(state), [state, onStateChange]);
  return (
    <div ref={containerRef} className="stream-player" data-status={state.status}>
      <video ref={videoRef} className="stream-player-video" muted playsInline autoPlay disablePictureInPicture />
      <PlayerOverlay state={state} idle={idle} />
    </div>
  );
}

function PlayerOverlay({ state, idle }: { state: PlayerState; idle: ReactNode }) {
  const { t } = useTranslation('project');
  switch (state.status) {
    case 'playing':
      return null;
    case 'idle':
      return idle ? <div className="stream-player-overlay">{idle}</div> : null;
    case 'connecting':
      return (
        <div className="stream-player-overlay" role="status">
          <Spin />
          <span>
            {state.attempt > 0
              ? t('player.reconnecting', { attempt: state.attempt, max: MAX_RETRIES })
              : t('player.connecting')}
          </span>
        </div>
      );
    case 'paused':
      return (
        <div className="stream-player-overlay" role="status">
          <PauseCircleOutlined aria-hidden className="stream-player-icon" />
          <span>{t('player.paused')}</span>
        </div>
      );
    case 'error':
      return (
        <div className="stream-player-overlay stream-player-error" role="alert">
          <WarningOutlined aria-hidden className="stream-player-icon" />
          <ErrorText error={state.error} />
        </div>
      );
  }
}

function ErrorText({ error }: { error: PlayerError }) {
  const { t } = useTranslation('project');
  return <span>{errorText()}</span>;

  function errorText(): string {
    switch (error.kind) {
      case 'server':
        return error.message || t('player.error.closed', { code: error.code });
      case 'h265':
        return t('player.error.h265');
      case 'codec':
        return t('player.error.codec', { mime: error.mime });
      case 'mse':
        return t('player.error.mse');
      case 'network':
        return t('player.error.network');
    }
  }
}
