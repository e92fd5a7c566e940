import { lazy } from 'react';

// What the voice feature offers the app and other features (ARCHITECTURE.md, "Web folders").

/**
 * The Voice Inbox tab of /views/conversations, as its own chunk: it brings the waveform player,
 * which the SMS inbox does not need.
 */
export const VoiceInbox = lazy(() => import('./voice-inbox').then((module) => ({ default: module.VoiceInbox })));
