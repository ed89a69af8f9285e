//pass
//--blockDim=32 --gridDim=1
// expect: drf — tile: the barrier separates the writes of tile.f from the reads of tile.u.
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
    __syncthreads();
    out[t] = tile.u[31 - t];
}
