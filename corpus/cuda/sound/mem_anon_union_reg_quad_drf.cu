//pass
//--blockDim=64 --gridDim=1
// expect: drf — regs: the barrier separates the component writes from the quad reads.
// Each thread fills one component; the first 16 threads read whole quads.
struct Reg {
    union {
        float4 q;
        float c[4];
    };
};

__global__ void quads(const float *in, float4 *out)
{
    __shared__ Reg regs[16];
    int t = threadIdx.x;
    regs[t / 4].c[t % 4] = in[t];
    __syncthreads();
    if (t < 16)
        out[t] = regs[t].q;
}
