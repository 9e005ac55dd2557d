// hls.js ships its light build without its own declaration entry; it has the full build's API.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
