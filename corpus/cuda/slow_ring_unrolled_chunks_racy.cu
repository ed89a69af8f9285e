//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
// expect: racy — the round's offset is j * 64 chunks, half the block, so thread tid + 64 of round 0 and thread tid of round 1 write the same ring cells with no barrier between rounds.
// Each thread fills its own 16-cell chunk of a 2048-cell ring, unrolled,
// once per round; the chunk of round j starts at 16 * (tid + j * blockDim.x)
// wrapped with & 2047, then the block reads the ring back.
__global__ void fillRingChunks(float *out, int rounds)
{
    __shared__ float ring[2048];
    int tid = threadIdx.x;
    for (int j = 0; j < rounds; ++j) {
        int s = 16 * (tid + j * 64);
        float v = (float)(tid + j);
        ring[(s + 0) & 2047] = v;
        ring[(s + 1) & 2047] = v;
        ring[(s + 2) & 2047] = v;
        ring[(s + 3) & 2047] = v;
        ring[(s + 4) & 2047] = v;
        ring[(s + 5) & 2047] = v;
        ring[(s + 6) & 2047] = v;
        ring[(s + 7) & 2047] = v;
        ring[(s + 8) & 2047] = v;
        ring[(s + 9) & 2047] = v;
        ring[(s + 10) & 2047] = v;
        ring[(s + 11) & 2047] = v;
        ring[(s + 12) & 2047] = v;
        ring[(s + 13) & 2047] = v;
        ring[(s + 14) & 2047] = v;
        ring[(s + 15) & 2047] = v;
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + tid] = ring[(16 * tid + 5) & 2047];
}
