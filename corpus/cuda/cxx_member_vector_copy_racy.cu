//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=[1,16]
// expect: racy — every block copies into host_state[0] after the int2 member copy: the writes through the pointer that follow the copy race between blocks.
// The same publication with the destination fixed at the first record:
// the race is on the members written after the vector copy.
struct LaneState {
    int2 best;
    int count;
    int done;
};

__global__ void publish_lanes(LaneState *device_state, LaneState *host_state, int lanes)
{
    for (int lane = blockIdx.y; lane < lanes; lane += gridDim.y) {
        LaneState *from = device_state + lane;
        LaneState *to = host_state;
        to->best = from->best;
        to->count = from->count + lane;
    }
}
