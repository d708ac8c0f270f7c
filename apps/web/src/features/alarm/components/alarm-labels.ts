// Localised names of the alarm enumerations (SPEC §3): types A–H, handling states, notice channels, read state.
import type { AlarmType, Handling } from '@svc/contracts';
import type { NoticeChannel } from '../api/types';

type Translate = (key: string) => string;

export const typeName = (t: Translate, type: AlarmType) => t(`alarm.type.${type}`);
export const handlingName = (t: Translate, handling: Handling) => t(`alarm.handling.${handling}`);
export const channelName = (t: Translate, channel: NoticeChannel) => t(`alarm.channel.${channel}`);

export const HANDLING_COLORS: Record<Handling, string> = {
  untreated: 'red',
  treating: 'orange',
  treated: 'green',
};
