//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
// expect: racy — img: on a read_write image, the read_imagef of pixel (x + 1, 0) races with the write_imagef of the work-item that owns it
// cl-std: CL2.0
__kernel void shift_left(read_write image2d_t img)
{
    int x = get_global_id(0);
    float4 v = read_imagef(img, (int2)(x + 1, 0));
    write_imagef(img, (int2)(x, 0), v);
}
