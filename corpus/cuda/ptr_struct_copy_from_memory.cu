//pass
//--blockDim=128 --gridDim=16
// expect: drf — s = slots[blockIdx.x] is the thread's own copy, and s.feat points where the cell's does; reads through it and writes to each thread's own cell of out.
// Per-block work items copied from memory, each naming its input.
struct Slot {
    const float *feat;
    int n;
};

__global__ void gather(const Slot *slots, float *out, int width)
{
    Slot s = slots[blockIdx.x];
    for (int i = threadIdx.x; i < width; i += blockDim.x)
        out[blockIdx.x * width + i] = i < s.n ? s.feat[i] : 0.0f;
}
