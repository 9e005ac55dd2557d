/**
 * What the viewer does to the <video> on screen: play or pause, seek, mute, full screen (the whole stage,
 * or the video itself on iOS), picture in picture where the browser offers it. A new source starts at
 * once; an unmuted start the browser refuses falls back to muted and asks for a tap for sound.
 */
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { startPlayback } from './start-playback';

export function useVideoControls(
  activeVideo: () => HTMLVideoElement | null,
  stageRef: RefObject<HTMLDivElement | null>,
  { src, rate }: { src: string | null; rate: number },
) {
  const [needsSound, setNeedsSound] = useState(false);

  const togglePlay = useCallback(() => {
    const video = activeVideo();
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }, [activeVideo]);

  const toggleFullscreen = useCallback(() => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (stage.requestFullscreen) void stage.requestFullscreen().catch(() => undefined);
    else (activeVideo() as HTMLVideoElement & { webkitEnterFullscreen?: () => void })?.webkitEnterFullscreen?.();
  }, [activeVideo, stageRef]);

  const seek = useCallback(
    (seconds: number) => {
      const video = activeVideo();
      if (!video) return;
      const end = Number.isFinite(video.duration) ? video.duration : seconds;
      video.currentTime = Math.min(Math.max(0, seconds), end);
    },
    [activeVideo],
  );

  // Picture in picture, where the browser offers it: the button says whether the video is in its own window.
  const pictureInPictureOffered = typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
  const [inPictureInPicture, setInPictureInPicture] = useState(false);
  const togglePictureInPicture = useCallback(() => {
    const video = activeVideo();
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video?.requestPictureInPicture?.().catch(() => undefined);
  }, [activeVideo]);
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || !pictureInPictureOffered) return;
    const entered = () => setInPictureInPicture(true);
    const left = () => setInPictureInPicture(false);
    stage.addEventListener('enterpictureinpicture', entered);
    stage.addEventListener('leavepictureinpicture', left);
    return () => {
      stage.removeEventListener('enterpictureinpicture', entered);
      stage.removeEventListener('leavepictureinpicture', left);
    };
  }, [pictureInPictureOffered, stageRef]);

  const toggleMute = useCallback(() => {
    const video = activeVideo();
    if (!video) return;
    video.muted = !video.muted;
    setNeedsSound(false);
  }, [activeVideo]);

  const setRate = useCallback(
    (r: number) => {
      const video = activeVideo();
      if (video) video.playbackRate = r;
    },
    [activeVideo],
  );

  // Start playing as soon as the source is attached (or swapped in); an unmuted autoplay the browser
  // refuses falls back to muted. A start merely interrupted (a pause, a seek, a new load) keeps the sound.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new source restarts playback
  useEffect(() => {
    const video = activeVideo();
    if (!video || !src) return;
    video.playbackRate = rate;
    startPlayback(video, () => setNeedsSound(true));
  }, [src]);

  return {
    needsSound,
    togglePlay,
    toggleFullscreen,
    seek,
    toggleMute,
    setRate,
    pictureInPicture: pictureInPictureOffered ? inPictureInPicture : null,
    togglePictureInPicture,
  };
}
