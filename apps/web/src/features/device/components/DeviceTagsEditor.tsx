// A device's tags (SPEC §3 Tag): closing one takes it off the device; "Add tag" suggests the enterprise's tags or makes a new one.
import { useRef, useState, type KeyboardEvent } from 'react';
import { App, AutoComplete, Button, Flex, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAddTagMutation, useRemoveTagMutation } from '../api/tag-mutations';
import { useTagsQuery } from '../api/tags-query';

/** The server's limit (TagDevicesSchema): 1–32 characters once trimmed. */
const TAG_NAME_MAX = 32;

interface DeviceTagsEditorProps {
  deviceId: number;
  tags: readonly string[];
  /** Holds device-edit: may close and add tags. */
  editable: boolean;
}

export function DeviceTagsEditor({ deviceId, tags: initial, editable }: DeviceTagsEditorProps) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  // The drawer's device is the row it was opened from, so the editor keeps what the server has since accepted.
  const [tags, setTags] = useState<readonly string[]>(initial);
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  // Enter on a suggestion fires both select and keydown in one event: the second must not send the tag again.
  const sending = useRef(false);
  const suggestions = useTagsQuery({ enabled: adding });
  const add = useAddTagMutation();
  const remove = useRemoveTagMutation();

  async function addTag(value: string) {
    const tagName = value.trim();
    if (sending.current || !tagName) return;
    // Refused with the limit named, the text kept to shorten: never cut to fit.
    if (tagName.length > TAG_NAME_MAX) {
      void message.warning(tc('validation.maxLength', { max: TAG_NAME_MAX }));
      return;
    }
    if (tags.includes(tagName)) {
      close();
      return;
    }
    sending.current = true;
    try {
      await add.mutateAsync({ tagName, deviceIds: [deviceId] });
      setTags((current) => (current.includes(tagName) ? current : [...current, tagName]));
      close();
    } catch {
      // The api client has shown why; the text stays in the box to try again.
    } finally {
      sending.current = false;
    }
  }

  async function removeTag(tagName: string) {
    const at = tags.indexOf(tagName);
    setTags((current) => current.filter((tag) => tag !== tagName));
    try {
      await remove.mutateAsync({ tagName, deviceIds: [deviceId] });
    } catch {
      // Put it back where it was: the device still carries it.
      setTags((current) => (current.includes(tagName) ? current : current.toSpliced(at, 0, tagName)));
    }
  }

  function close() {
    setAdding(false);
    setText('');
  }

  function onKeyDown(e: KeyboardEvent) {
    // Enter that confirms an input-method composition (Chinese, Japanese) is not the end of the tag.
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void addTag(text);
    } else if (e.key === 'Escape') {
      close();
    }
  }

  const options = (suggestions.data ?? [])
    .filter((tag) => !tags.includes(tag.tagName))
    .filter((tag) => tag.tagName.toLowerCase().includes(text.trim().toLowerCase()))
    .map((tag) => ({ value: tag.tagName }));

  return (
    <Flex wrap gap={8} align="center" className="device-tags">
      {tags.map((tag) => (
        <Tag
          key={tag}
          style={{ marginInlineEnd: 0 }}
          closable={editable && { 'aria-label': t('device.tags.remove', { tag }) }}
          onClose={(e) => {
            // The list, not the tag's own state, decides what shows: a failed removal brings the tag back.
            e.preventDefault();
            void removeTag(tag);
          }}
        >
          {tag}
        </Tag>
      ))}
      {tags.length === 0 && !editable && <Typography.Text type="secondary">{t('device.noTags')}</Typography.Text>}
      {editable &&
        (adding ? (
          <AutoComplete
            autoFocus
            defaultOpen
            size="small"
            style={{ width: 180 }}
            value={text}
            options={options}
            status={text.trim().length > TAG_NAME_MAX ? 'error' : undefined}
            disabled={add.isPending}
            placeholder={t('device.tags.placeholder')}
            aria-label={t('device.tags.placeholder')}
            onChange={setText}
            onSelect={(value: string) => void addTag(value)}
            onKeyDown={onKeyDown}
            onBlur={() => !text.trim() && !sending.current && close()}
          />
        ) : (
          <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('device.tags.add')}
          </Button>
        ))}
    </Flex>
  );
}
