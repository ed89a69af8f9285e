//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — regs: thread t < 16 reads regs[t].q while threads 4t+1..4t+3 write regs[t].c[1..3], with no barrier.
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
    if (t < 16)
        out[t] = regs[t].q; // BUG: no barrier after the component writes
}
