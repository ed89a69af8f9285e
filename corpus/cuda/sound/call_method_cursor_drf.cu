//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: thread t writes s[t + 64j], its own residue class.
// A cursor object walks a tile.
struct Cursor {
    int i;
    __device__ void advance() { i += 64; }
};

__global__ void walk(const float *in, float *out)
{
    __shared__ float s[256];
    for (Cursor c{(int)threadIdx.x}; c.i < 256; c.advance())
        s[c.i] = in[c.i];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
