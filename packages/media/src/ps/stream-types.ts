// Stream types of the PSM (ISO/IEC 13818-1 table 2-34, plus GB28181's G.711 codes).
export const STREAM_TYPE = { H264: 0x1b, H265: 0x24, MPEG4: 0x10, G711A: 0x90, G711U: 0x91, AAC: 0x0f } as const;
