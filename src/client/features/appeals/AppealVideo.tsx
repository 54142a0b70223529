import { type MouseEvent, useState } from 'react';
import type { AppealVideo as Video } from '../../../shared/appeals.schema';
import { useMessages } from '../../i18n';

const FRAME = {
  position: 'relative',
  width: '100%',
  aspectRatio: '16 / 9',
  borderRadius: 8,
  overflow: 'hidden',
} as const;

/**
 * The appeal's video as a poster that loads the player only when tapped: no third-party frame,
 * script or cookie on the page's load. Without JavaScript the poster is a link to the video.
 */
export function AppealVideo({ video, title }: { video: Video; title: string }) {
  const t = useMessages();
  const [playing, setPlaying] = useState(false);
  const provider = video.provider === 'youtube' ? 'YouTube' : 'Vimeo';
  if (playing) {
    const autoplay = `${video.embedUrl}${video.embedUrl.includes('?') ? '&' : '?'}autoplay=1`;
    return (
      <div style={FRAME}>
        <iframe
          src={autoplay}
          title={t('appeal_video_title', { title })}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </div>
    );
  }
  const play = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setPlaying(true);
  };
  return (
    <a
      href={video.url}
      onClick={play}
      style={{
        ...FRAME,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#1b5e20',
        color: '#fff',
        textDecoration: 'none',
        fontWeight: 700,
      }}
    >
      <span aria-hidden="true" style={{ fontSize: '2.5rem', marginRight: '0.5rem' }}>
        ▶
      </span>
      {t('appeal_video_play', { provider })}
    </a>
  );
}
