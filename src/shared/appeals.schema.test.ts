import { describe, expect, it } from 'vitest';
import { appealFieldsSchema, parseVideoUrl, storyParagraphs } from './appeals.schema';

describe('an appeal’s video', () => {
  it('is a YouTube or Vimeo address as people paste it, stored in one form with its player', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://youtu.be/dQw4w9WgXcQ?si=share',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(parseVideoUrl(url), url).toEqual({
        provider: 'youtube',
        id: 'dQw4w9WgXcQ',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      });
    }
    expect(parseVideoUrl('https://vimeo.com/76979871')).toMatchObject({
      provider: 'vimeo',
      url: 'https://vimeo.com/76979871',
      embedUrl: 'https://player.vimeo.com/video/76979871',
    });
    // An unlisted Vimeo video keeps its key.
    expect(parseVideoUrl('https://vimeo.com/76979871/8272103f6e')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?h=8272103f6e',
    );
  });

  it('is nothing else: another site, a script, a channel, a malformed id', () => {
    for (const url of [
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://www.youtube.com/@rescuechannel',
      'https://www.youtube.com/watch?v=short',
      'https://youtu.be/dQw4w9WgXcQ"onload="x',
      'https://vimeo.com/channels/staffpicks',
      'ftp://vimeo.com/76979871',
      'not a url',
    ]) {
      expect(parseVideoUrl(url), url).toBeNull();
    }
  });
});

describe('an appeal as staff write it', () => {
  const valid = { title: 'Bruno’s surgery', story: 'Bruno was hit by a truck near the bridge.', goal: 4_500_000 };

  it('has plain paragraphs: blank lines part them, a paragraph’s own line breaks are spaces', () => {
    expect(storyParagraphs('First line\nstill first.\n\n\n  Second.\r\n\r\nThird. ')).toEqual([
      'First line still first.',
      'Second.',
      'Third.',
    ]);
  });

  it('refuses HTML and a goal below ₹100; defaults its class to a specific grant and its photos to none', () => {
    expect(appealFieldsSchema.parse(valid)).toMatchObject({ purposeClass: 'specific-grant', photoImageIds: [] });
    const refused = appealFieldsSchema.safeParse({ ...valid, story: 'See <b>this</b> story of Bruno.', goal: 9_999 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['goal', 'story']);
    // A heart and a comparison are not tags.
    expect(appealFieldsSchema.safeParse({ ...valid, story: 'We <3 Bruno; his bill is < ₹50,000.' }).success).toBe(true);
  });
});
