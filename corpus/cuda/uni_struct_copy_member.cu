//pass
//--blockDim=256 --gridDim=32
// expect: drf — d = lanes[blockIdx.x] is a copy read at an index the block shares and only read member by member: d.frames is the block's, so the barrier under `if (d.frames < size)` is reached by all or none.
// Shifting a per-lane stash, the lane's description copied from memory.
struct LaneDesc {
    int frames;
    int channel;
};

__global__ void shift_stash(const LaneDesc *lanes, float *stash, int size)
{
    LaneDesc d = lanes[blockIdx.x];
    float *s = stash + blockIdx.x * 2 * 256;
    if (d.frames < size) {
        float v = s[threadIdx.x + 256];
        __syncthreads();
        s[threadIdx.x] = v;
    }
}
