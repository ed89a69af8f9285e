//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: thread t writes s[t + 64j], its own residue class.
// A position object stepped by the loop's header.
struct Pos {
    int i;
};

__global__ void stride(const float *in, float *out)
{
    __shared__ float s[256];
    for (Pos p{(int)threadIdx.x}; p.i < 256; p.i += 64)
        s[p.i] = in[p.i];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
