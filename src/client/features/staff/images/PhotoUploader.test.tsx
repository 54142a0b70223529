import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImageRecord } from '../../../../shared/images';
import { render } from '../../../test/render';
import { PhotoUploader } from './PhotoUploader';

const uploaded: ImageRecord = {
  id: 3,
  hash: 'b'.repeat(32),
  width: 960,
  height: 1280,
  alt: 'Lakshmi the cow at the gate',
  widths: [320, 640, 960],
};

/** The browser's XMLHttpRequest, answering as the server would. */
function fakeServer(status: number, body: unknown) {
  const sent: { url: string; form: FormData }[] = [];
  class FakeRequest {
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    status = 0;
    response: unknown = null;
    responseType = '';
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    send(form: FormData) {
      sent.push({ url: this.url, form });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      setTimeout(() => {
        this.status = status;
        this.response = body;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'IMG_0042.jpg', { type: 'image/jpeg' });

function chooseFile(file: File) {
  // The "Choose a photo" button's input (the other one asks for the camera).
  const inputs = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
  const gallery = [...inputs].find((input) => !input.hasAttribute('capture'));
  if (!gallery) throw new Error('no gallery input');
  return userEvent.upload(gallery, file);
}

describe('uploading a photo from the console', () => {
  it('offers the camera and the gallery, asks for a description, and sends both', async () => {
    const sent = fakeServer(201, { image: uploaded, created: true });
    const onUploaded = vi.fn();
    render(<PhotoUploader onUploaded={onUploaded} />);
    const inputs = [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')];
    expect(inputs.map((input) => input.getAttribute('accept'))).toEqual(['image/*', 'image/*']);
    expect(inputs.map((input) => input.getAttribute('capture'))).toEqual(['environment', null]);

    await chooseFile(photo());
    expect(screen.getByText('Chosen: IMG_0042.jpg')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Describe the photo/ }), ' Lakshmi the cow at the gate ');
    await userEvent.click(screen.getByRole('button', { name: 'Upload photo' }));

    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(uploaded, true));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/staff/api/images');
    expect(sent[0]?.form.get('alt')).toBe('Lakshmi the cow at the gate');
    expect((sent[0]?.form.get('file') as File | undefined)?.name).toBe('IMG_0042.jpg');
    // Ready for the next one.
    expect(screen.queryByText('Chosen: IMG_0042.jpg')).toBeNull();
  });

  it('shows the server’s reason when it refuses the file', async () => {
    fakeServer(400, { message: 'This file is not a photo: send a photo as JPEG, PNG or WebP' });
    const onUploaded = vi.fn();
    render(<PhotoUploader onUploaded={onUploaded} />);
    await chooseFile(photo());
    await userEvent.type(screen.getByRole('textbox', { name: /Describe the photo/ }), 'A dog');
    await userEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a photo');
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
