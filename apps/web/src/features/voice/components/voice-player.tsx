import {
  ActionIcon,
  Alert,
  Button,
  Group,
  SegmentedControl,
  Text,
  useComputedColorScheme,
  useMantineTheme,
} from '@mantine/core';
import type { VoiceMessage } from '@switchboard/contract';
import { IconAlertTriangle, IconDownload, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { downloadUrl, useRecordingUrl } from '../api/use-recording-url';
import { formatDuration, formatLength } from '../lib/format-duration';
import { useVoiceText } from '../voice-text';
import { PlayerSkeleton } from './player-skeleton';
import classes from './voice-player.module.css';

export const PLAYBACK_RATES = ['0.75', '1', '1.25', '1.5', '2'] as const;
/** Arrow keys on the waveform move this many seconds. */
const SEEK_STEP = 5;

/** The waveform's colours from the Mantine theme, for the light or the dark scheme. */
function useWaveColors() {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  return useMemo(() => {
    const primary = theme.colors[theme.primaryColor]!;
    return scheme === 'dark'
      ? { waveColor: theme.colors.dark[3]!, progressColor: primary[5]!, cursorColor: primary[3]! }
      : { waveColor: theme.colors.gray[4]!, progressColor: primary[6]!, cursorColor: primary[9]! };
  }, [theme, scheme]);
}

interface VoicePlayerProps {
  message: VoiceMessage;
  /** Called once, when playback first starts (the message is then marked listened). */
  onFirstPlay: () => void;
}

/**
 * The recording with its waveform (wavesurfer.js): play/pause, seeking by clicking or dragging
 * the waveform (or with the arrow keys), playback speed, position and length, a download link.
 * Mounted per voice message (keyed by id).
 */
export default function VoicePlayer({ message, onFirstPlay }: VoicePlayerProps) {
  const t = useVoiceText();
  const recording = useRecordingUrl(message.id);
  const colors = useWaveColors();
  const containerRef = useRef<HTMLDivElement>(null);
  const [wavesurfer, setWavesurfer] = useState<WaveSurfer | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(message.durationSeconds ?? 0);
  const [rate, setRate] = useState<string>('1');

  // Read when the player is created: a renewed link (for the download) must not reload the audio.
  const url = recording.data?.url;
  const hasUrl = Boolean(url);
  const latest = useRef({ url, colors, rate, onFirstPlay });
  useLayoutEffect(() => {
    latest.current = { url, colors, rate, onFirstPlay };
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!hasUrl || !container) return;
    const { url: first, colors: initialColors, rate: initialRate } = latest.current;
    const instance = WaveSurfer.create({
      container,
      url: first,
      height: 80,
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      cursorWidth: 2,
      normalize: true,
      dragToSeek: true,
      audioRate: Number(initialRate),
      ...initialColors,
    });
    let played = false;
    const unsubscribe = [
      instance.on('ready', (length) => {
        setReady(true);
        setFailed(false);
        setDuration(length);
      }),
      instance.on('timeupdate', (time) => setCurrent(time)),
      instance.on('play', () => {
        setPlaying(true);
        if (!played) {
          played = true;
          latest.current.onFirstPlay();
        }
      }),
      instance.on('pause', () => setPlaying(false)),
      instance.on('finish', () => setPlaying(false)),
      instance.on('error', () => setFailed(true)),
    ];
    setWavesurfer(instance);
    return () => {
      unsubscribe.forEach((off) => off());
      instance.destroy();
      setWavesurfer(null);
      setReady(false);
    };
  }, [hasUrl]);

  useEffect(() => {
    wavesurfer?.setOptions(colors);
  }, [wavesurfer, colors]);

  const changeRate = (value: string) => {
    setRate(value);
    wavesurfer?.setPlaybackRate(Number(value));
  };

  /** A failed load is usually an expired link: fetch a new one and load it where playback was. */
  const retry = async () => {
    setFailed(false);
    const { data } = await recording.refetch();
    if (data && wavesurfer) await wavesurfer.load(data.url).catch(() => setFailed(true));
  };

  const seekBy = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!wavesurfer || !ready) return;
    const now = wavesurfer.getCurrentTime();
    const target = {
      ArrowRight: now + SEEK_STEP,
      ArrowUp: now + SEEK_STEP,
      ArrowLeft: now - SEEK_STEP,
      ArrowDown: now - SEEK_STEP,
      Home: 0,
      End: duration,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    wavesurfer.setTime(Math.min(duration, Math.max(0, target)));
  };

  if (recording.isError && !wavesurfer) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('player.loadError')}>
        <Button size="xs" variant="light" color="red" onClick={() => void recording.refetch()}>
          {t('player.retry')}
        </Button>
      </Alert>
    );
  }
  if (!hasUrl) return <PlayerSkeleton />;

  const position = t('player.positionText', { current: formatDuration(current), total: formatLength(duration) });
  return (
    <div className={classes.player} role="group" aria-label={t('player.label')}>
      <div
        ref={containerRef}
        className={classes.waveform}
        dir="ltr"
        role="slider"
        tabIndex={0}
        aria-label={t('player.position')}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(current)}
        aria-valuetext={position}
        aria-busy={!ready}
        data-ready={ready ? '' : undefined}
        data-testid="waveform"
        onKeyDown={seekBy}
      >
        {!ready && !failed && (
          <Text size="xs" c="dimmed" className={classes.loading}>
            {t('player.loading')}
          </Text>
        )}
      </div>
      {failed && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('player.loadError')}>
          <Button size="xs" variant="light" color="red" onClick={() => void retry()}>
            {t('player.retry')}
          </Button>
        </Alert>
      )}
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <ActionIcon
            size={44}
            radius="xl"
            variant="filled"
            aria-label={playing ? t('player.pause') : t('player.play')}
            aria-pressed={playing}
            disabled={!ready}
            onClick={() => void wavesurfer?.playPause()}
            data-testid="play-pause"
          >
            {playing ? <IconPlayerPauseFilled size={20} aria-hidden /> : <IconPlayerPlayFilled size={20} aria-hidden />}
          </ActionIcon>
          <Text size="sm" ff="monospace" dir="ltr" data-testid="playback-time" aria-hidden>
            {formatDuration(current)} / {formatLength(duration)}
          </Text>
        </Group>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            size="xs"
            value={rate}
            onChange={changeRate}
            aria-label={t('player.speed')}
            role="radiogroup"
            data={PLAYBACK_RATES.map((value) => ({ value, label: <span dir="ltr">{value}×</span> }))}
          />
          {url && (
            <Button
              component="a"
              href={downloadUrl(url)}
              download
              size="xs"
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('player.download')}
            </Button>
          )}
        </Group>
      </Group>
    </div>
  );
}
