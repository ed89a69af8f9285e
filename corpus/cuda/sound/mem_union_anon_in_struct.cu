//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
// expect: racy — tile: thread t reads tile.u[31 - t] while thread 31 - t writes tile.f[31 - t] (the same bytes), with no barrier.
// Reverse the bit patterns of a tile of floats.
struct Tile {
    union {
        float f[32];
        unsigned u[32];
    };
    int count;
};

__global__ void reverseBits(const float *in, unsigned *out)
{
    __shared__ Tile tile;
    int t = threadIdx.x;
    tile.f[t] = in[t];
    out[t] = tile.u[31 - t]; // BUG: f and u share their bytes; no barrier
}
