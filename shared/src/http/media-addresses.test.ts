import { rewriteMediaAddress, rewriteMediaAddresses } from './media-addresses';

const hosts = {
  cdnHost: 'cdn.example.com',
  storageHost: 'https://storage.example.com',
  productHost: 'https://cliffhanger.example.com',
  pageOrigin: 'https://www.cliffhanger.example.com',
};

describe('media address rewriting', () => {
  it('rewrites the content-delivery host to the storage host', () => {
    expect(rewriteMediaAddress('https://cdn.example.com/a/b.jpg?x=1', hosts)).toBe(
      'https://storage.example.com/a/b.jpg?x=1',
    );
  });

  it('leaves other hosts alone', () => {
    expect(rewriteMediaAddress('https://img.other.com/a.jpg', hosts)).toBe('https://img.other.com/a.jpg');
  });

  it('leaves /media/ and /thumbnails/ relative when the product host is the page’s own origin', () => {
    const same = { ...hosts, productHost: hosts.pageOrigin };
    expect(rewriteMediaAddress('/media/x.mp4', same)).toBe('/media/x.mp4');
  });

  it('leaves other relative paths alone', () => {
    expect(rewriteMediaAddress('/static/x.png', hosts)).toBe('/static/x.png');
  });

  it('rewrites every media field of the entities inside lists and nested records', () => {
    const fields = {
      cover_image: '/media/1',
      banner_image: '/media/2',
      poster_image: '/media/3',
      thumbnail: '/thumbnails/4',
      video_url: '/media/5',
      hls_url: '/media/6',
      image: '/media/7',
      url: '/media/8',
      src: '/media/9',
      href: '/media/10',
      thumbnail_url: '/media/11',
      preview_url: '/media/12',
      backdrop_url: '/media/13',
    };
    const [out] = rewriteMediaAddresses([{ nested: fields }], hosts);
    for (const value of Object.values(out.nested)) expect(value).toMatch(/^https:\/\/cliffhanger\.example\.com\//);
  });

  it('does nothing when no content-delivery host is configured', () => {
    expect(rewriteMediaAddress('https://cdn.example.com/a.jpg', { ...hosts, cdnHost: '' })).toBe(
      'https://cdn.example.com/a.jpg',
    );
  });
});
