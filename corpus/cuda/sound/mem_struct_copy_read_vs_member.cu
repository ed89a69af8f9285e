//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — box: thread 0 reads all of box through the copy while threads 0..7 write box.lo[t], with no barrier.
// Thread 0 saves the bounding box while the block updates it.
struct Box {
    float lo[8];
    float hi[8];
};

__global__ void saveBox(const float *in, Box *saved)
{
    __shared__ Box box;
    int t = threadIdx.x;
    if (t < 8)
        box.lo[t] = in[t];
    if (t == 0) {
        Box b = box; // BUG: reads box.lo[1..7] as threads 1..7 write them
        saved[blockIdx.x] = b;
    }
}
