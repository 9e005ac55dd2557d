import { screen } from '@testing-library/react';
import { renderAdmin } from '../../test/render';
import { type PendingUpload, PendingUploadStore } from '../media/pending-uploads';
import { UnfinishedUpload } from './unfinished-upload';

function storeWith(entries: PendingUpload[]) {
  const store = new PendingUploadStore(async () => null);
  jest.spyOn(store, 'list').mockResolvedValue(entries);
  return store;
}

const upload = (episodeId: number): PendingUpload => ({
  fingerprint: `clip.mp4|10|${episodeId}`,
  uploadId: '/api/admin/media/uploads/abc',
  protocol: 'tus',
  kind: 'video',
  episodeId,
  filename: 'clip.mp4',
  startedAt: 1,
});

describe('an unfinished upload on the episode page', () => {
  it('says the upload of this episode’s video is unfinished and links to where it resumes', async () => {
    renderAdmin(<UnfinishedUpload episodeId={12} store={storeWith([upload(12)])} />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('An upload of this episode’s video is unfinished — Resume');
    expect(screen.getByRole('link', { name: 'Resume' })).toHaveAttribute('href', '/admin/media#pending-uploads-title');
  });

  it('says nothing when the unfinished upload is another episode’s', async () => {
    const store = storeWith([upload(13)]);
    renderAdmin(<UnfinishedUpload episodeId={12} store={store} />);
    await screen.findByText((_, node) => node === document.body);
    await Promise.resolve();
    expect(store.list).toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
