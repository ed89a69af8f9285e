//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — uchar4 pixels converted to grey, one work-item per pixel of a 2-D range
__kernel void rgba_to_gray_2d(__global const uchar4 *rgba, __global uchar *gray, int width, int height)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x < width && y < height) {
        uchar4 p = rgba[y * width + x];
        gray[y * width + x] = (uchar)(0.299f * p.x + 0.587f * p.y + 0.114f * p.z);
    }
}
