//pass
//--blockDim=64 --gridDim=1
// expect: drf — box: the barrier separates the member writes from the copy.
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
    __syncthreads();
    if (t == 0) {
        Box b = box;
        saved[blockIdx.x] = b;
    }
}
