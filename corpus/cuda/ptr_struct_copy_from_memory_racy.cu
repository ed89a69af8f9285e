//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — s.feat of two blocks' copies may be one pointer (slots' cells are not known to differ): both blocks write slots_feat_target[feat + i].
// ptr_struct_copy_from_memory.cu writing through the copied pointer.
struct Slot {
    float *feat;
    int n;
};

__global__ void scatter(const Slot *slots, const float *in, int width)
{
    Slot s = slots[blockIdx.x];
    for (int i = threadIdx.x; i < s.n && i < width; i += blockDim.x)
        s.feat[i] = in[blockIdx.x * width + i];
}
