//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: divergent — d = lanes[threadIdx.x] is each thread's own description: threads disagree on d.frames < size, and only some reach the barrier.
// uni_struct_copy_member.cu reading the description at the thread's index.
struct LaneDesc {
    int frames;
    int channel;
};

__global__ void shift_stash(const LaneDesc *lanes, float *stash, int size)
{
    LaneDesc d = lanes[threadIdx.x];
    float *s = stash + blockIdx.x * 2 * 256;
    if (d.frames < size) {
        float v = s[threadIdx.x + 256];
        __syncthreads();
        s[threadIdx.x] = v;
    }
}
