//pass
//--local_size=64 --num_groups=8
// expect: drf — each work-item writes the cell its offset table names, and the two-thread precondition says no two work-items read the same offset (a permutation)
__kernel void scatter(__global int *A, __global const int *offsets)
{
    int i = get_global_id(0);
    int off = offsets[i];
    __requires(__distinct_int(off));
    A[off] = i;
}
