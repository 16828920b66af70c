import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { TestUploadBox } from './test-upload-box';
import { UploadPanel } from './upload-panel';

const wav = () => new File([new Uint8Array([82, 73, 70, 70])], 'hello.wav', { type: 'audio/wav' });

describe('the test upload panel', () => {
  it('defaults the sender to "test-user" and states the formats', () => {
    installFakeApi();
    render(<UploadPanel />);
    expect(screen.getByLabelText('Sender')).toHaveValue('test-user');
    expect(screen.getByText(/MP3, WAV, M4A, FLAC or OGG/)).toBeInTheDocument();
    expect(screen.getByLabelText('Audio file')).toHaveAttribute('accept', expect.stringContaining('audio/*'));
  });

  it('asks for a file before uploading', async () => {
    installFakeApi();
    render(<UploadPanel />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an audio file first.');
  });

  it("shows the server's error inline", async () => {
    const api = installFakeApi();
    api.on('POST', '/api/uploads', () => ({
      status: 413,
      body: { error: 'The file is too large: 25 MB at most.' },
    }));
    render(<UploadPanel />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Audio file'), wav());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large: 25 MB at most.');
    expect(screen.getByLabelText('Audio file')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "Upload failed" when the server gives no reason', async () => {
    const api = installFakeApi();
    api.on('POST', '/api/uploads', () => 'network-error');
    render(<UploadPanel />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Audio file'), wav());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Upload failed$/);
  });
});

describe("the home screen's test upload panel", () => {
  it('is titled "Test upload", its form named by that title, the sender "test-user"', () => {
    installFakeApi();
    render(<TestUploadBox />);
    const box = screen.getByRole('region', { name: 'Test upload' });
    expect(within(box).getByRole('form', { name: 'Test upload' })).toBeInTheDocument();
    expect(within(box).getByLabelText('Sender')).toHaveValue('test-user');
    expect(within(box).getByLabelText('Audio file')).toHaveAccessibleDescription(
      /MP3, WAV, M4A, FLAC or OGG/,
    );
  });
});
