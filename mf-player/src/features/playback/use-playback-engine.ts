/** Binds a PlaybackEngine to a <video> for one source; the effect always tears the engine down. */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { PlaybackEngine, type PlaybackErrorKind } from './hls-engine';

export interface EngineStatus {
  error: { kind: PlaybackErrorKind; message: string } | null;
  recovering: boolean;
  retry: () => void;
}

export function usePlaybackEngine(
  videoRef: RefObject<HTMLVideoElement | null>,
  src: string | null,
  startPosition: number,
): EngineStatus {
  const [error, setError] = useState<EngineStatus['error']>(null);
  const [recovering, setRecovering] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const start = useRef(startPosition);
  start.current = startPosition;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry trigger
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    setError(null);
    setRecovering(false);
    const engine = new PlaybackEngine(video, {
      onFatal: (kind, message) => {
        setRecovering(false);
        setError({ kind, message });
      },
      onRecovering: () => setRecovering(true),
    });
    const onPlaying = () => setRecovering(false);
    video.addEventListener('playing', onPlaying);
    void engine.load(src, start.current);
    return () => {
      video.removeEventListener('playing', onPlaying);
      engine.teardown();
    };
  }, [videoRef, src, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { error, recovering, retry };
}
