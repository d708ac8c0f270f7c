// Live toolbar: split layouts 1/4/9/16, main/sub stream of the selected tile, page fullscreen, stop all.
import { Button, Flex, Segmented, Tooltip } from 'antd';
import { AppstoreOutlined, BorderOutlined, FullscreenOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LAYOUTS, type Layout, type StreamKind } from '../live-grid';

interface LiveToolbarProps {
  layout: Layout;
  /** The selected tile's stream, or null when it plays nothing (the switch is then disabled). */
  stream: StreamKind | null;
  playingCount: number;
  onLayout: (layout: Layout) => void;
  onStream: (stream: StreamKind) => void;
  onFullscreen: () => void;
  onStopAll: () => void;
}

export function LiveToolbar({
  layout,
  stream,
  playingCount,
  onLayout,
  onStream,
  onFullscreen,
  onStopAll,
}: LiveToolbarProps) {
  const { t } = useTranslation('project');
  return (
    <Flex className="live-toolbar" align="center" gap={12} wrap role="toolbar" aria-label={t('live.toolbar')}>
      <Segmented<Layout>
        aria-label={t('live.layout')}
        value={layout}
        onChange={onLayout}
        options={LAYOUTS.map((n) => ({
          value: n,
          label: (
            <Tooltip title={t('live.layoutN', { count: n })}>
              <span aria-label={t('live.layoutN', { count: n })}>
                {n === 1 ? <BorderOutlined aria-hidden /> : <AppstoreOutlined aria-hidden />} {n}
              </span>
            </Tooltip>
          ),
        }))}
      />
      <Tooltip title={t('live.streamHint')}>
        <Segmented<StreamKind>
          aria-label={t('live.stream')}
          value={stream ?? 'main'}
          disabled={stream === null}
          onChange={onStream}
          options={[
            { value: 'main', label: t('live.stream.main') },
            { value: 'sub', label: t('live.stream.sub') },
          ]}
        />
      </Tooltip>
      <Flex gap={8} className="live-toolbar-end">
        <Tooltip title={t('live.fullscreen')}>
          <Button icon={<FullscreenOutlined />} aria-label={t('live.fullscreen')} onClick={onFullscreen} />
        </Tooltip>
        <Button icon={<StopOutlined />} disabled={playingCount === 0} onClick={onStopAll}>
          {t('live.stopAll')}
        </Button>
      </Flex>
    </Flex>
  );
}
